"""The app's screens other than the table: home and new game, review, settings, statistics."""
