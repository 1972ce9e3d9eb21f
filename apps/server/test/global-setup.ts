/** Says once per run which engines the suite covers. */
export default function setup() {
  if (process.env.TEST_DATABASE_URL) {
    console.log('[server tests] engines: sqlite, postgres (TEST_DATABASE_URL)')
  } else {
    console.log(
      '[server tests] engines: sqlite only; PostgreSQL skipped (set TEST_DATABASE_URL to run it too)',
    )
  }
}
