"""The browser shell under the app: bindings to the page, tasks and timing, keys, sound."""
