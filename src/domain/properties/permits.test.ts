import {
  bisJobDescription,
  bisPermitDescription,
  dobJobStanding,
  dobNowJobStanding,
  dobNowPermitStanding,
  dobPermitStanding,
} from './permits';

const ON = (day: string) => new Date(`${day}T12:00:00Z`);

describe('BIS permit standing', () => {
  it('is open while issued and not expired: through the expiration day, closed the day after', () => {
    const permit = { permitStatus: 'ISSUED', filingStatus: 'INITIAL', expiresAt: '2023-05-10' };
    expect(dobPermitStanding(permit, ON('2023-05-09'))).toEqual({ isOpen: true, unknownValues: [] });
    expect(dobPermitStanding(permit, ON('2023-05-10'))).toEqual({ isOpen: true, unknownValues: [] });
    expect(dobPermitStanding(permit, ON('2023-05-11'))).toEqual({ isOpen: false, unknownValues: [] });
  });

  it('is open IN PROCESS with no dates, closed when REVOKED whatever the date', () => {
    expect(dobPermitStanding({ permitStatus: 'IN PROCESS', filingStatus: 'INITIAL', expiresAt: null }, ON('2030-01-01')).isOpen).toBe(true);
    expect(dobPermitStanding({ permitStatus: 'RE-ISSUED', filingStatus: 'RENEWAL', expiresAt: '2030-01-01' }, ON('2025-01-01')).isOpen).toBe(true);
    expect(dobPermitStanding({ permitStatus: 'REVOKED', filingStatus: 'INITIAL', expiresAt: '2030-01-01' }, ON('2025-01-01')).isOpen).toBe(false);
  });

  it('counts a blank or unknown status, and never closes a permit for it', () => {
    expect(dobPermitStanding({ permitStatus: null, filingStatus: 'INITIAL', expiresAt: '2030-01-01' }, ON('2025-01-01'))).toEqual({ isOpen: true, unknownValues: ['Permit Status ""'] });
    expect(dobPermitStanding({ permitStatus: 'SUSPENDED', filingStatus: null, expiresAt: null }, ON('2025-01-01'))).toEqual({ isOpen: true, unknownValues: ['Permit Status "SUSPENDED"'] });
  });
});

describe('BIS job filing standing', () => {
  const job = { jobStatus: 'R', jobStatusDescription: 'PERMIT ISSUED - ENTIRE JOB/WORK', signoffDate: null, specialActionStatus: 'N' };

  it('is open at every stage before sign-off', () => {
    for (const jobStatus of ['A', 'D', 'H', 'J', 'P', 'Q', 'R', '3']) expect(dobJobStanding({ ...job, jobStatus })).toEqual({ isOpen: true, unknownValues: [] });
  });

  it('is closed once signed off, completed or withdrawn', () => {
    expect(dobJobStanding({ ...job, jobStatus: 'X', signoffDate: '2022-02-23' }).isOpen).toBe(false);
    expect(dobJobStanding({ ...job, jobStatus: 'U' }).isOpen).toBe(false);
    expect(dobJobStanding({ ...job, jobStatus: 'I' }).isOpen).toBe(false);
    // A sign-off date closes it whatever the letter says.
    expect(dobJobStanding({ ...job, signoffDate: '2022-02-23' }).isOpen).toBe(false);
    expect(dobJobStanding({ ...job, jobStatus: 'H', specialActionStatus: 'W' })).toEqual({ isOpen: false, unknownValues: [] });
  });

  it('counts an unknown letter or special action and stays open', () => {
    expect(dobJobStanding({ ...job, jobStatus: 'Z' })).toEqual({ isOpen: true, unknownValues: ['Job Status "Z"'] });
    expect(dobJobStanding({ ...job, jobStatus: 'H', specialActionStatus: 'C' })).toEqual({ isOpen: true, unknownValues: ['SPECIAL_ACTION_STATUS "C"'] });
    expect(dobJobStanding({ ...job, jobStatus: null, specialActionStatus: null })).toEqual({ isOpen: true, unknownValues: ['Job Status ""'] });
  });
});

describe('DOB NOW job filing standing', () => {
  it('is closed with a letter of completion, a sign-off date or a withdrawal', () => {
    expect(dobNowJobStanding({ filingStatus: 'LOC Issued', signoffDate: '2023-01-24' })).toEqual({ isOpen: false, unknownValues: [] });
    expect(dobNowJobStanding({ filingStatus: 'Withdrawn', signoffDate: null }).isOpen).toBe(false);
    expect(dobNowJobStanding({ filingStatus: 'On Hold – Administrative Action', signoffDate: '2022-08-01' })).toEqual({ isOpen: false, unknownValues: [] });
  });

  it('is open at the other stages, and for an unknown status (counted)', () => {
    for (const filingStatus of ['Approved', 'Permit Entire', 'Objections']) expect(dobNowJobStanding({ filingStatus, signoffDate: null })).toEqual({ isOpen: true, unknownValues: [] });
    expect(dobNowJobStanding({ filingStatus: 'Under Audit', signoffDate: null })).toEqual({ isOpen: true, unknownValues: ['Filing Status "Under Audit"'] });
    expect(dobNowJobStanding({ filingStatus: null, signoffDate: null })).toEqual({ isOpen: true, unknownValues: ['Filing Status ""'] });
  });
});

describe('DOB NOW work permit standing', () => {
  it('is open until the Expired Date passes when the export has no Permit Status', () => {
    expect(dobNowPermitStanding({ permitStatus: null, expiresAt: '2018-04-24' }, ON('2018-04-24'))).toEqual({ isOpen: true, unknownValues: [] });
    expect(dobNowPermitStanding({ permitStatus: null, expiresAt: '2018-04-24' }, ON('2018-04-25'))).toEqual({ isOpen: false, unknownValues: [] });
  });

  it('reads a Permit Status where there is one: closed words close it, unknown ones are counted', () => {
    expect(dobNowPermitStanding({ permitStatus: 'Signed-off', expiresAt: '2030-01-01' }, ON('2025-01-01')).isOpen).toBe(false);
    expect(dobNowPermitStanding({ permitStatus: 'Permit Issued', expiresAt: '2030-01-01' }, ON('2025-01-01')).isOpen).toBe(true);
    expect(dobNowPermitStanding({ permitStatus: 'Pending', expiresAt: null }, ON('2025-01-01'))).toEqual({ isOpen: true, unknownValues: ['Permit Status "Pending"'] });
  });
});

describe('BIS descriptions from codes', () => {
  it('names the permit type, subtype and job type, and shows unknown codes as written', () => {
    expect(bisPermitDescription('EW', 'SP', 'A2')).toBe('Equipment work: sprinkler; job A2, alteration type 2 (multiple work types)');
    expect(bisPermitDescription('NB', null, 'NB')).toBe('New building; job NB, new building');
    expect(bisPermitDescription('XX', 'YY', 'Q9')).toBe('XX: YY; job Q9');
    expect(bisPermitDescription(null, null, null)).toBeNull();
  });

  it('describes a job filing with a blank Job Description by its type and Other Description', () => {
    expect(bisJobDescription('NB', 'GEN. CONSTR.')).toBe('New building: GEN. CONSTR.');
    expect(bisJobDescription('DM', null)).toBe('Demolition');
    expect(bisJobDescription(null, null)).toBeNull();
  });
});
