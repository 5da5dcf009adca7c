import type { JobDefinition, JobDependencies } from "~/services/jobs.server";
import { FOSTER_INTEREST_JOB, sendFosterInterest } from "./interest.server";
import { PET_NEWS_JOB, sendPetNews } from "./news.server";
import { FOSTER_VISIT_JOB, sendFosterVisit } from "./visits.server";

/** The jobs of foster homes and animals' news (app/jobs/definitions.server.ts hands them to the queue). */
export function fosterJobs({ db, mailer, publicUrl }: Pick<JobDependencies, "db" | "mailer" | "publicUrl">) {
  // A person offers their home for an animal that needs one: its team is told.
  const fosterInterest: JobDefinition<{ petId: string; userId: string }> = {
    name: FOSTER_INTEREST_JOB,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: (job) => sendFosterInterest(db, mailer, job, publicUrl()),
  };
  // An adoption visit arranged at a foster home: that foster is told.
  const fosterVisit: JobDefinition<{ applicationId: string; version: string }> = {
    name: FOSTER_VISIT_JOB,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: (job) => sendFosterVisit(db, mailer, job, publicUrl()),
  };
  // News of an animal published: those who favourited it are told.
  const petNewsJob: JobDefinition<{ newsId: string }> = {
    name: PET_NEWS_JOB,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 120,
    run: (job) => sendPetNews(db, mailer, job, publicUrl()),
  };
  return { fosterInterest, fosterVisit, petNewsJob };
}
