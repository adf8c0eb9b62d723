-- The company lookup by slug (src/contractors/store.ts, companiesBySlug) is a kept read: the
-- tables it reads notify nyc_data_changed like those of migration 604.
do $$
declare
  source text;
begin
  foreach source in array array['contractor_slugs', 'contractor_companies']
  loop
    execute format('create trigger %I after insert or update or delete on %I for each statement execute function notify_data_changed()',
                   source || '_changed', source);
    execute format('create trigger %I after truncate on %I for each statement execute function notify_data_changed()',
                   source || '_truncated', source);
  end loop;
end
$$;
