-- Kept reads (src/db/kept-reads.ts) hear of every write to the tables they read: a statement
-- that writes one of these tables notifies nyc_data_changed with the schema's name, delivered
-- to the listening API processes when the transaction commits (Postgres sends one
-- notification per distinct payload per transaction, so a bulk load costs one). A table read
-- by a kept read must be in this list (src/db/kept-reads.test.ts checks it).
create function notify_data_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('nyc_data_changed', tg_table_schema);
  return null;
end
$$;

do $$
declare
  source text;
begin
  foreach source in array array['restaurant_profiles', 'restaurant_establishments', 'restaurant_inspections', 'restaurant_citations',
                                'community_reports', 'remediation_documents', 'contractor_tickets']
  loop
    execute format('create trigger %I after insert or update or delete on %I for each statement execute function notify_data_changed()',
                   source || '_changed', source);
    execute format('create trigger %I after truncate on %I for each statement execute function notify_data_changed()',
                   source || '_truncated', source);
  end loop;
end
$$;
