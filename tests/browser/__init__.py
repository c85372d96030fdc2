"""Real-browser tests. A package, so that the one Chromium they share is started
and stopped around them (package scope): playwright's sync API keeps an event loop marked as
running while it is up, which other tests' asyncio.run() must not meet."""
