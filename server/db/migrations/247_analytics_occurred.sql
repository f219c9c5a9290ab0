-- The analytics job rebuilds the hours of analytics_hourly that received events (docs/analytics.md): it reads one
-- hour of a day's partition by occurred_at. Events arrive nearly in time order, so a BRIN index (a few pages per
-- partition, next to nothing on each insert) narrows that read to the hour's blocks instead of the whole day.
CREATE INDEX analytics_events_occurred ON analytics_events USING brin (occurred_at);
