// pg-boss's statements, which it keeps in a module of its own and exports nothing of: the
// job queue's test reads the fetch its workers run (tests/integration/jobs.test.ts).
declare module "pg-boss/src/plans.js" {
  const plans: {
    /** The fetch, for the schema: `$1` the queue's name, `$2` how many jobs. */
    fetchNextJob(schema: string): (options: { includeMetadata?: boolean; priority?: boolean }) => string;
  };
  export default plans;
}
