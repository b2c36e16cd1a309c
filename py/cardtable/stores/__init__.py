"""What the app keeps -- saved games, settings, statistics, backups, the ICE servers -- pure Python
over a Web-Storage-like store the shell supplies.  Below the session and the UI, which both use
them: a store answers in codes and values, and the UI words them."""
