import type { UpdateEmployer } from '../../contracts/employers.schemas.ts';
import { EMPLOYER_MESSAGES, type EmployerProfile, posterName } from '../../contracts/employers.ts';
import { MODERATION_MESSAGES } from '../../contracts/moderation.ts';
import { type Actor, mustHoldRole, NOBODY, type Viewer } from '../auth/actor.ts';
import type { Db } from '../db/database.ts';
import { NotFound } from '../lib/domain-errors.ts';
import { employerFigures, paidGigs } from '../trust/reports-service.ts';
import { findEmployerPerson, setBusinessName } from './employers-repository.ts';

export type EmployersService = ReturnType<typeof createEmployersService>;

/**
 * Who posts jobs: their public profile (name or business name, region, member since, jobs
 * posted, hires made, badges) and the business name they choose.
 */
export function createEmployersService({ db }: { db: Db }) {
  return {
    /**
     * An employer's profile: anyone with the employer role or a job posted. A suspended account
     * has none; one hidden by reports is under review for everyone but its owner and operators.
     */
    async profile(id: number, viewer: Viewer = NOBODY): Promise<EmployerProfile> {
      const person = await findEmployerPerson(db, id);
      const isEmployer = person && (person.role === 'employer' || Boolean(person.has_jobs));
      if (!person || !isEmployer || person.suspended_at !== null) {
        throw new NotFound(EMPLOYER_MESSAGES.notFound);
      }
      const mayAlwaysSee = (who: Actor | null) => who !== null && (who.id === id || who.isAdmin);
      if (person.moderation !== 'published' && !mayAlwaysSee(viewer())) {
        throw new NotFound(MODERATION_MESSAGES.underReview.user);
      }
      const [figures, gigs] = await Promise.all([employerFigures(db, id), paidGigs(db, id)]);
      const names = {
        businessName: person.business_name,
        firstName: person.first_name,
        lastName: person.last_name,
      };
      return {
        id,
        name: posterName(names),
        phoneVerified: person.phone_verified === 1,
        personName: `${person.first_name} ${person.last_name}`,
        businessName: person.business_name,
        region: person.region,
        memberSince: person.created_at,
        ...figures,
        paidGigs: gigs,
      };
    },

    /** Sets or clears the business name shown on the actor's jobs and profile. */
    async update(actor: Actor, input: UpdateEmployer): Promise<EmployerProfile> {
      mustHoldRole(actor);
      await setBusinessName(db, actor.id, input.businessName);
      return this.profile(actor.id, () => actor);
    },
  };
}
