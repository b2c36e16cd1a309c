"""What the app keeps: saved games, settings, statistics, backups -- pure Python over a
Web-Storage-like store the shell supplies."""
