import { dobSafetyViolationStanding, dobViolationStanding, ecbViolationStanding, EcbViolationStatus, hpdViolationStanding } from './violations';

const ASOF = new Date('2026-11-23T12:00:00Z');

describe('DOB violation standing', () => {
  it.each([
    ['V-DOB VIOLATION - ACTIVE', 'V073118FISPNRF01174', true],
    ['V*-DOB VIOLATION - DISMISSED', 'V*050498LL629108969', false],
    ['V*-DOB VIOLATION - Resolved', 'V*092319E9028/649656', false],
    ['VP*-VIOLATION UNSERVED ECB- DISMISSED', 'V*010109LL629112896', false],
    ['VW*-VIOLATION - WORK W/O PERMIT DISMISSED', 'V*121017PAPL3MC', false],
  ])('%s: isOpen %s, known, no penalty', (category, number, isOpen) => {
    expect(dobViolationStanding({ category, number })).toEqual({ isOpen, penaltyImposedCents: 0, penaltyDueCents: 0, unknownValues: [] });
  });

  it('reads a blank category from the star in the number, and counts it', () => {
    // The real row: NUMBER 'V%*081500UB4112/00' with VIOLATION_CATEGORY blank.
    expect(dobViolationStanding({ category: null, number: 'V%*081500UB4112/00' })).toMatchObject({ isOpen: false, unknownValues: ['VIOLATION_CATEGORY ""'] });
    expect(dobViolationStanding({ category: null, number: 'V081500UB4112/00' })).toMatchObject({ isOpen: true });
  });

  it('keeps a violation it cannot read as closed open, and counts the new category', () => {
    expect(dobViolationStanding({ category: 'HOLD - PENDING', number: null })).toEqual({
      isOpen: true, penaltyImposedCents: 0, penaltyDueCents: 0, unknownValues: ['VIOLATION_CATEGORY "HOLD - PENDING"'],
    });
    expect(dobViolationStanding({ category: 'VX*-SOMETHING NEW', number: null })).toMatchObject({ isOpen: false, unknownValues: ['VIOLATION_CATEGORY "VX*-SOMETHING NEW"'] });
  });
});

describe('ECB violation standing', () => {
  const resolvedPaid: EcbViolationStatus = {
    violationStatus: 'RESOLVE', hearingStatus: 'IN VIOLATION', certificationStatus: 'CERTIFICATE ACCEPTED',
    hearingDate: '2018-07-26', penaltyImposedCents: 62_500, balanceDueCents: 0,
  };

  it.each(['IN VIOLATION', 'DEFAULT', 'DISMISSED', 'WRITTEN OFF', 'CURED/IN-VIO', 'STIPULATION/IN-VIO', 'POP/IN-VIO'])(
    'hearing status %s: known; resolved, past hearing, nothing due is closed',
    (hearingStatus) => {
      expect(ecbViolationStanding({ ...resolvedPaid, hearingStatus }, ASOF)).toEqual({ isOpen: false, penaltyImposedCents: 62_500, penaltyDueCents: 0, unknownValues: [] });
    },
  );

  it.each(['CERTIFICATE ACCEPTED', 'CURE ACCEPTED', 'NO COMPLIANCE RECORDED', 'N/A - DISMISSED', 'COMPLIANCE-INSP/DOC', null])(
    'certification status %s is known',
    (certificationStatus) => {
      expect(ecbViolationStanding({ ...resolvedPaid, certificationStatus }, ASOF).unknownValues).toEqual([]);
    },
  );

  it('is open while ACTIVE, even with nothing due and the hearing past', () => {
    expect(ecbViolationStanding({ ...resolvedPaid, violationStatus: 'ACTIVE' }, ASOF)).toMatchObject({ isOpen: true, penaltyDueCents: 0, unknownValues: [] });
  });

  it('is open while a balance is due, and says how much', () => {
    expect(ecbViolationStanding({ ...resolvedPaid, penaltyImposedCents: 800_000, balanceDueCents: 800_000 }, ASOF)).toMatchObject({
      isOpen: true, penaltyImposedCents: 800_000, penaltyDueCents: 800_000,
    });
  });

  it('owes nothing on a negative balance (an overpayment)', () => {
    expect(ecbViolationStanding({ ...resolvedPaid, balanceDueCents: -250_000 }, ASOF)).toMatchObject({ isOpen: false, penaltyDueCents: 0 });
  });

  it('is open while a hearing is ahead: on the clock\'s day and after, not the day before', () => {
    expect(ecbViolationStanding({ ...resolvedPaid, hearingDate: '2026-11-24' }, ASOF).isOpen).toBe(true);
    expect(ecbViolationStanding({ ...resolvedPaid, hearingDate: '2026-11-23' }, ASOF).isOpen).toBe(true);
    expect(ecbViolationStanding({ ...resolvedPaid, hearingDate: '2026-11-22' }, ASOF).isOpen).toBe(false);
  });

  it('counts unknown status values; an unknown violation status is not resolved', () => {
    expect(ecbViolationStanding({ ...resolvedPaid, violationStatus: 'PENDING', hearingStatus: 'ADJOURNED', certificationStatus: 'NEW' }, ASOF)).toEqual({
      isOpen: true, penaltyImposedCents: 62_500, penaltyDueCents: 0,
      unknownValues: ['ECB_VIOLATION_STATUS "PENDING"', 'HEARING_STATUS "ADJOURNED"', 'CERTIFICATION_STATUS "NEW"'],
    });
    expect(ecbViolationStanding({ ...resolvedPaid, violationStatus: null, penaltyImposedCents: null, balanceDueCents: null }, ASOF)).toEqual({
      isOpen: true, penaltyImposedCents: 0, penaltyDueCents: 0, unknownValues: ['ECB_VIOLATION_STATUS ""'],
    });
  });
});

describe('DOB safety violation standing', () => {
  it('Active is open, Dismissed closed, anything else open and counted; no penalties', () => {
    expect(dobSafetyViolationStanding({ violationStatus: 'Active' })).toEqual({ isOpen: true, penaltyImposedCents: 0, penaltyDueCents: 0, unknownValues: [] });
    expect(dobSafetyViolationStanding({ violationStatus: 'Dismissed' })).toEqual({ isOpen: false, penaltyImposedCents: 0, penaltyDueCents: 0, unknownValues: [] });
    expect(dobSafetyViolationStanding({ violationStatus: 'Resolved' })).toEqual({
      isOpen: true, penaltyImposedCents: 0, penaltyDueCents: 0, unknownValues: ['Violation Status "Resolved"'],
    });
  });
});

describe('HPD violation standing', () => {
  it.each([
    // The pairs the real export shows.
    ['Open', 'NOV SENT OUT', true],
    ['Open', 'INVALID CERTIFICATION', true],
    ['Open', 'NOT COMPLIED WITH', true],
    ['Close', 'VIOLATION CLOSED', false],
    ['Close', 'VIOLATION DISMISSED', false],
  ])('ViolationStatus %s, CurrentStatus %s: isOpen %s, known, no penalty', (violationStatus, currentStatus, isOpen) => {
    expect(hpdViolationStanding({ violationStatus, currentStatus })).toEqual({ isOpen, penaltyImposedCents: 0, penaltyDueCents: 0, unknownValues: [] });
  });

  it('trusts ViolationStatus over a CurrentStatus it does not know', () => {
    expect(hpdViolationStanding({ violationStatus: 'Close', currentStatus: 'NOV CERTIFIED ON TIME' })).toMatchObject({ isOpen: false, unknownValues: [] });
    expect(hpdViolationStanding({ violationStatus: 'Open', currentStatus: null })).toMatchObject({ isOpen: true, unknownValues: [] });
  });

  it('without a readable ViolationStatus, open unless the CurrentStatus closes it; both unknowns counted', () => {
    expect(hpdViolationStanding({ violationStatus: null, currentStatus: 'VIOLATION DISMISSED' })).toEqual({
      isOpen: false, penaltyImposedCents: 0, penaltyDueCents: 0, unknownValues: ['ViolationStatus ""'],
    });
    expect(hpdViolationStanding({ violationStatus: 'Pending', currentStatus: 'NOV SENT OUT' })).toMatchObject({ isOpen: true, unknownValues: ['ViolationStatus "Pending"'] });
    expect(hpdViolationStanding({ violationStatus: null, currentStatus: 'FIRST NO ACCESS TO RE-INSPECT VIOLATION' })).toMatchObject({
      isOpen: true, unknownValues: ['ViolationStatus ""', 'CurrentStatus "FIRST NO ACCESS TO RE-INSPECT VIOLATION"'],
    });
    expect(hpdViolationStanding({ violationStatus: null, currentStatus: null })).toMatchObject({ isOpen: true });
  });
});
