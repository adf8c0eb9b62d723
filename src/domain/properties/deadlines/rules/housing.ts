/** HPD obligations of multiple dwellings: registration, bedbug report, lead paint. */
import type { BedbugFiling, LotFacts } from '../../types';
import { residentialUnits } from '../lot';
import { assessPeriods, latestDate, nextDueDate, nextYearlyDate, owedBy, yearOf, yearlySchedule } from '../schedule';
import type { ReminderRule, VerifiableRule } from '../types';

const HPD_REGISTRATION_YEAR = yearlySchedule(9, 1, 0);

/** A multiple dwelling (three or more units) or a lot HPD already has registrations for; without the HPD dataset, the units decide. */
function isRegisteredDwelling(lot: LotFacts): boolean {
  return residentialUnits(lot) >= 3 || (lot.hpdRegistrations ?? []).length > 0;
}

export const hpdRegistration: VerifiableRule = {
  kind: 'hpd_registration',
  label: 'HPD property registration',
  verifiable: true,
  basis:
    'Owners of buildings with three or more units, and of one- and two-family houses where the owner does not live, must register with HPD every year by September 1 (some sources say August 31) and on any change of owner or managing agent, with a $13 fee (Housing Maintenance Code §27-2097). ' +
    'Read from HPD Multiple Dwelling Registrations (tesw-yqqr): a registration whose end date has passed has lapsed. Owner occupancy is not in PLUTO, so one- and two-family houses are listed only when HPD already has a registration for them.',
  penalty: '$250 to $500; an unregistered owner cannot certify violations corrected or sue a tenant for nonpayment of rent.',
  whatToDo: 'Register and pay the $13 fee before September 1 each year and whenever the owner or managing agent changes.',
  guideUrl: null,
  applies: isRegisteredDwelling,
  evidence: ['hpdRegistrations'],
  reminderDueDate: (_lot, today) => nextDueDate(HPD_REGISTRATION_YEAR, today),
  assess(lot, today) {
    const registrations = lot.hpdRegistrations ?? [];
    const lastEvidenceAt = latestDate(registrations.map((registration) => registration.lastRegistrationDate));
    const validUntil = latestDate(registrations.map((registration) => registration.registrationEndDate));
    if (validUntil === null) return { ...assessPeriods(HPD_REGISTRATION_YEAR, () => false, today), lastEvidenceAt };
    return { status: validUntil < today ? 'action_needed' : owedBy(validUntil, today), dueDate: validUntil, lastEvidenceAt };
  },
};

/** Periods are named by the year whose December the report is due in; it covers November of the year before to October. */
const BEDBUG_YEAR = yearlySchedule(12, 31, 0);

/** The reporting year a filing is for: its period end's year, else a filing from December on counts for that December (late ones for the year before). */
function bedbugYear(filing: BedbugFiling): number | null {
  if (filing.filingPeriodEndDate) return yearOf(filing.filingPeriodEndDate);
  if (!filing.filingDate) return null;
  const year = yearOf(filing.filingDate);
  return filing.filingDate.slice(5, 7) === '12' ? year : year - 1;
}

export const bedbugReport: VerifiableRule = {
  kind: 'bedbug_report',
  label: 'Bedbug infestation report',
  verifiable: true,
  basis:
    'Owners of registered multiple dwellings must file the bedbug infestation history of the November-to-October year with HPD between December 1 and December 31, and give it to tenants (Local Law 69/2017; Admin Code §27-2018.1). ' +
    'Read from HPD Bedbug Reporting (wz6d-d3jb; columns from third-party notes [T]). Listed for lots with three or more units or an HPD registration.',
  penalty: 'An HPD violation; the amount is unconfirmed [U].',
  whatToDo: 'File the annual bedbug report with HPD between December 1 and December 31 and distribute it to tenants.',
  guideUrl: 'https://portal.311.nyc.gov/article/?kanumber=KA-03574',
  applies: isRegisteredDwelling,
  evidence: ['bedbugFilings'],
  reminderDueDate: (_lot, today) => nextDueDate(BEDBUG_YEAR, today),
  assess(lot, today) {
    const filings = lot.bedbugFilings ?? [];
    const years = new Set(filings.map(bedbugYear));
    return { ...assessPeriods(BEDBUG_YEAR, (year) => years.has(year), today), lastEvidenceAt: latestDate(filings.map((filing) => filing.filingDate)) };
  },
};

/**
 * Built before 1960 with three or more units. PLUTO's year built is often an estimate and
 * an unknown year (blank or 0) is read as old; a one- or two-family house with a tenant
 * is covered too, but tenancy is not public, so those are not listed.
 */
function mayHaveLeadPaint(lot: LotFacts): boolean {
  return residentialUnits(lot) >= 3 && (lot.yearbuilt === null || lot.yearbuilt === 0 || lot.yearbuilt < 1960);
}

const LEAD_CAVEAT =
  'Listed for lots with three or more units built before 1960 by PLUTO (an unknown year counts as before); one- and two-family houses with a tenant are covered too but tenancy is not public. No public dataset shows compliance [U], so this is a reminder.';
const LEAD_PLAYBOOK = 'Send the annual notice January 1 to 16; inspect units of non-responders after February 15; keep the XRF records.';

export const leadPaintNotice: ReminderRule = {
  kind: 'lead_paint_notice',
  label: 'Annual lead paint and window guard notice',
  verifiable: false,
  basis:
    'Owners of multiple dwellings built before 1960 must send every tenant the annual notice asking whether a child under 6 lives in the unit between January 1 and January 16 (the same form covers window guards, §27-2043.1), inspect units where no reply arrives by February 15, and inspect units with a child under 6 every year (Local Law 1/2004, Housing Maintenance Code §27-2056). ' +
    LEAD_CAVEAT,
  penalty: 'HPD violations; the amounts are unconfirmed [U].',
  whatToDo: LEAD_PLAYBOOK,
  guideUrl: 'https://www.nyc.gov/site/hpd/services-and-information/annual-notice-and-investigations.page',
  applies: mayHaveLeadPaint,
  dueDate: (_lot, today) => nextYearlyDate(today, 1, 16),
};

/** The one-time deadline stays the date owed after it passes: the law set no later one. */
const LEAD_XRF_DEADLINE = '2025-08-09';

export const leadPaintXrf: ReminderRule = {
  kind: 'lead_paint_xrf',
  label: 'Lead paint XRF testing of every unit (LL31)',
  verifiable: false,
  basis:
    'Owners of multiple dwellings built before 1960 must have every unit tested for lead paint by a certified XRF inspector by August 9, 2025, or within one year when a child under 6 moves in if sooner (Local Law 31/2020). ' +
    LEAD_CAVEAT,
  penalty: 'Up to $1,500 per violation [T].',
  whatToDo: LEAD_PLAYBOOK,
  guideUrl: 'https://www.nyc.gov/site/hpd/services-and-information/property-owner-bulletins/november-2022.page',
  applies: mayHaveLeadPaint,
  dueDate: () => LEAD_XRF_DEADLINE,
};
