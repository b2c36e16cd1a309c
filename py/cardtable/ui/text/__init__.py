"""The app's words: translation, refusals, announcements, card names, markdown and HTML markup."""
