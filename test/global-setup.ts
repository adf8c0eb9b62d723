// Placeholder: replaced by the service bootstrap (Elasticsearch + Postgres) of the foundation.
export default async function globalSetup(): Promise<void> {}
