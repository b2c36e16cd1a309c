"""Play across devices: the messages between a host device and its guests, and the host's judge.

Pure Python with no browser import (the transport, a WebRTC data channel, is ``web/net.js``):
``messages`` holds the shapes and the seat secrets, ``judge`` the host's side, which checks every
guest message before anything reaches the game.
"""
