/**
 * The real headers of the city's exports the properties generator writes, in their order
 * (ingest/sources/properties reads them by column key): PLUTO as DCP's current release
 * (`pluto_latest`), DOB and ECB violations as the SODA API's CSV (`__wow` samples), permit
 * issuance as the portal export (`dob_permit_issuance__1000`), HPD violations as the portal
 * export (`hpd_violations__nycdb`). See ../shared/data/nyc/SCHEMAS.md.
 */

/** pluto_latest__nycdb.csv */
export const PLUTO_HEADER = [
  'borough', 'Tax block', 'Tax lot', 'community board', 'census tract 2010', 'cb2010', 'schooldist', 'council district', 'postcode', 'firecomp',
  'policeprct', 'healtharea', 'sanitboro', 'sanitsub', 'address', 'zonedist1', 'zonedist2', 'zonedist3', 'zonedist4', 'overlay1', 'overlay2',
  'spdist1', 'spdist2', 'spdist3', 'ltdheight', 'splitzone', 'bldgclass', 'landuse', 'easements', 'ownertype', 'ownername', 'lotarea', 'bldgarea',
  'comarea', 'resarea', 'officearea', 'retailarea', 'garagearea', 'strgearea', 'factryarea', 'otherarea', 'areasource', 'numbldgs', 'numfloors',
  'unitsres', 'unitstotal', 'lotfront', 'lotdepth', 'bldgfront', 'bldgdepth', 'ext', 'proxcode', 'irrlotcode', 'lottype', 'bsmtcode', 'assessland',
  'assesstot', 'exempttot', 'yearbuilt', 'yearalter1', 'yearalter2', 'histdist', 'landmark', 'builtfar', 'residfar', 'commfar', 'facilfar',
  'affresfar', 'mnffar', 'borocode', 'BBL', 'condono', 'tract2010', 'xcoord', 'ycoord', 'latitude', 'longitude', 'zonemap', 'zmcode', 'sanborn',
  'taxmap', 'edesignum', 'appbbl', 'appdate', 'plutomapid', 'version', 'sanitdistrict', 'healthcenterdistrict', 'firm07_flag', 'pfirm15_flag',
  'dcpedited', 'notes', 'bct2020', 'bctcb2020', 'mihopt1', 'mihopt2', 'mihopt3', 'mihopt4', 'transitzone', 'geom', 'basempdate', 'dcasdate',
  'edesigdate', 'landmkdate', 'masdate', 'polidate', 'rpaddate', 'zoningdate',
] as const;

/** dob_violations__wow.csv */
export const DOB_VIOLATIONS_HEADER = [
  'isn_dob_bis_viol', 'boro', 'bin', 'block', 'lot', 'issue_date', 'violation_type_code', 'violation_number', 'house_number', 'street',
  'disposition_date', 'disposition_comments', 'device_number', 'description', 'ecb_number', 'number', 'violation_category', 'violation_type',
] as const;

/** ecb_violations__wow.csv */
export const ECB_VIOLATIONS_HEADER = [
  'isn_dob_bis_extract', 'ecb_violation_number', 'ecb_violation_status', 'dob_violation_number', 'bin', 'boro', 'block', 'lot', 'hearing_date',
  'hearing_time', 'served_date', 'issue_date', 'severity', 'violation_type', 'respondent_name', 'respondent_house_number', 'respondent_street',
  'respondent_city', 'respondent_zip', 'violation_description', 'penality_imposed', 'amount_paid', 'balance_due', 'infraction_code1',
  'section_law_description1', 'infraction_code2', 'section_law_description2', 'infraction_code3', 'section_law_description3', 'infraction_code4',
  'section_law_description4', 'infraction_code5', 'section_law_description5', 'infraction_code6', 'section_law_description6', 'infraction_code7',
  'section_law_description7', 'infraction_code8', 'section_law_description8', 'infraction_code9', 'section_law_description9', 'infraction_code10',
  'section_law_description10', 'aggravated_level', 'hearing_status', 'certification_status',
] as const;

/** dob_permit_issuance__1000.csv */
export const DOB_PERMITS_HEADER = [
  'BOROUGH', 'Bin #', 'House #', 'Street Name', 'Job #', 'Job doc. #', 'Job Type', 'Self_Cert', 'Block', 'Lot', 'Community Board', 'Zip Code',
  'Bldg Type', 'Residential', 'Special District 1', 'Special District 2', 'Work Type', 'Permit Status', 'Filing Status', 'Permit Type',
  'Permit Sequence #', 'Permit Subtype', 'Oil Gas', 'Site Fill', 'Filing Date', 'Issuance Date', 'Expiration Date', 'Job Start Date',
  "Permittee's First Name", "Permittee's Last Name", "Permittee's Business Name", "Permittee's Phone #", "Permittee's License Type",
  "Permittee's License #", 'Act as Superintendent', "Permittee's Other Title", 'HIC License', "Site Safety Mgr's First Name",
  "Site Safety Mgr's Last Name", 'Site Safety Mgr Business Name', 'Superintendent First & Last Name', 'Superintendent Business Name',
  "Owner's Business Type", 'Non-Profit', "Owner's Business Name", "Owner's First Name", "Owner's Last Name", "Owner's House #",
  "Owner's House Street Name", 'Owner’s House City', 'Owner’s House State', 'Owner’s House Zip Code', "Owner's Phone #", 'DOBRunDate',
  'PERMIT_SI_NO', 'LATITUDE', 'LONGITUDE', 'COUNCIL_DISTRICT', 'CENSUS_TRACT', 'NTA_NAME',
] as const;

/** hpd_violations__nycdb.csv */
export const HPD_VIOLATIONS_HEADER = [
  'ViolationID', 'BuildingID', 'RegistrationID', 'BoroID', 'Borough', 'HouseNumber', 'LowHouseNumber', 'HighHouseNumber', 'StreetName', 'StreetCode',
  'Postcode', 'Apartment', 'Story', 'Block', 'Lot', 'Class', 'InspectionDate', 'ApprovedDate', 'OriginalCertifyByDate', 'OriginalCorrectByDate',
  'NewCertifyByDate', 'NewCorrectByDate', 'CertifiedDate', 'OrderNumber', 'NOVID', 'NOVDescription', 'NOVIssuedDate', 'CurrentStatusID', 'CurrentStatus',
  'CurrentStatusDate', 'NovType', 'ViolationStatus', 'RentImpairing', 'Latitude', 'Longitude', 'CommunityBoard', 'CouncilDistrict', 'CensusTract', 'BIN',
  'BBL', 'NTA',
] as const;

/** hpd_registrations__nycdb.csv (HPD Multiple Dwelling Registrations) */
export const HPD_REGISTRATIONS_HEADER = [
  'RegistrationID', 'BuildingID', 'BoroID', 'Boro', 'HouseNumber', 'LowHouseNumber', 'HighHouseNumber', 'StreetName', 'StreetCode', 'Zip', 'Block',
  'Lot', 'BIN', 'CommunityBoard', 'LastRegistrationDate', 'RegistrationEndDate',
] as const;

/** hpd_contacts__nycdb.csv (HPD Registration Contacts) */
export const HPD_CONTACTS_HEADER = [
  'RegistrationContactID', 'RegistrationID', 'Type', 'ContactDescription', 'CorporationName', 'Title', 'FirstName', 'MiddleInitial', 'LastName',
  'BusinessHouseNumber', 'BusinessStreetName', 'BusinessApartment', 'BusinessCity', 'BusinessState', 'BusinessZip',
] as const;
