-- The studio's dashboards (docs/analytics.md#dashboards) read analytics_hourly by page and kind over a range of
-- days (a page's views, its blocks' impressions and clicks, its paid orders), and by kind alone for the pages list
-- (every page's views). (page_id, day) of 246 reads every kind of the page's rows, most of them impressions per
-- block and source; these read only the kind asked for, and the list's one is read without the table.
CREATE INDEX analytics_hourly_page_kind ON analytics_hourly (page_id, kind, day);
CREATE INDEX analytics_hourly_kind ON analytics_hourly (kind, day) INCLUDE (page_id, events);
