-- Closing a tab drops its presence at once: each heartbeat answers a fresh one-time leave token, kept with the
-- tab's row, that the page's `pagehide` sends back with navigator.sendBeacon (which cannot carry the CSRF header).
-- Leaving deletes the row only when the session's staff member, the tab and this token all match.
ALTER TABLE studio_presence ADD COLUMN leave_token text;
