-- The violation feed's CSV export (violationFeedStatement in src/feeds/queries.ts) reads the
-- citations in the feed's order: date descending, then the document id (camis|date|type|code)
-- in byte order. Within one day the date is the same in every id, so the id without it
-- (camis|type|code) orders the same way; this index holds that order, so the export walks it and
-- streams from its first row instead of sorting the whole feed (which spilled to disk and sent
-- nothing until the sort was done). The inspection feed is a third of the size and its planner
-- still prefers one sort, so it has no such index.
create index restaurant_citations_export on restaurant_citations (inspected_at desc, (camis || '|' || inspection_type || '|' || code) collate "C" desc);
