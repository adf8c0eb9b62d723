-- The community and remediation blocks are read on every restaurant profile.
-- Counts, newest report and dock inputs per establishment and kind, read from the index
-- alone (no heap visit per report) even for an establishment with thousands of reports.
create index community_reports_block on community_reports (camis, kind) include (status, created_at);
-- The documents of one citation (the remediation block's per-citation lookup); also
-- serves the lookups by camis alone, which the old index did.
create index remediation_documents_by_citation on remediation_documents (camis, inspected_at, inspection_type, code) include (documented_at);
drop index remediation_documents_by_camis;
