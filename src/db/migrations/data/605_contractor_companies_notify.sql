-- The company lookup by slug (src/contractors/store.ts, companiesBySlug) is a kept read: the
-- tables it reads notify nyc_data_changed like those of migration 604. A table a later kept
-- read needs is added with one call of notify_data_changes_of.
create function notify_data_changes_of(source text) returns void language plpgsql as $$
begin
  execute format('create trigger %I after insert or update or delete on %I for each statement execute function notify_data_changed()',
                 source || '_changed', source);
  execute format('create trigger %I after truncate on %I for each statement execute function notify_data_changed()',
                 source || '_truncated', source);
end
$$;

select notify_data_changes_of('contractor_slugs');
select notify_data_changes_of('contractor_companies');
