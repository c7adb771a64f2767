import pg from 'pg';

/** One statement on its own connection to the test server (CREATE / DROP DATABASE cannot run in a pool's transaction). */
export async function adminQuery(serverUrl: string, text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
