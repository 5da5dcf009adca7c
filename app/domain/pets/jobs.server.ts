import { queueImmediateAlerts } from "~/domain/alerts/alerts.server";
import type { JobDefinition, JobDependencies } from "~/services/jobs.server";
import { PET_PUBLISHED_JOB } from "./pets.server";

/** The jobs of pets (app/jobs/definitions.server.ts hands them to the queue). */
export function petJobs({ db, jobs, now }: Pick<JobDependencies, "db" | "jobs" | "now">) {
  // A pet published: the immediate alerts for it.
  const alertNewPet: JobDefinition<{ petId: string }> = {
    name: PET_PUBLISHED_JOB,
    retryLimit: 5,
    retryDelaySeconds: 30,
    expireInSeconds: 300,
    run: async ({ petId }) => void (await queueImmediateAlerts(db, jobs(), petId, now())),
  };
  return { alertNewPet };
}
