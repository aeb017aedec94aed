/**
 * The demo lab's data (SEED_DEMO on, first start). Plain data, so that it can be read and changed without
 * touching the seeding code in demo-lab.ts. The users and their password are listed in the README.
 */
export interface DemoParameter {
  shortname: string;
  name: string;
  type: 'Text' | 'Number' | 'Dropdown' | 'Get Data' | 'Date-Control';
  unit: 'Character' | 'Float' | 'Integer' | 'Date' | 'Boolean' | 'MasterData';
  minLength?: number;
  maxLength?: number;
  decimals?: number;
  allowNegative?: boolean;
  dateRule?: 'lessOrEqualToday';
  masterType?: string;
  mandatory?: boolean;
  /** The value recorded on demo activities (a list: one per sample, in turn). Booleans: true / false; a dropdown
   * (MasterData) holds the chosen entry's short name, as the parameter screens store it. */
  sample: string | number | boolean | Array<string | number | boolean>;
}

type Status = 'S' | 'A' | 'R' | null;

export const DEMO_USERS = {
  password: 'Demo@12345',
  users: [
    { username: 'manager', code: 'EMP0101', salutation: 'Dr.', gender: 'Female', first: 'Anita', last: 'Rao', email: 'anita.rao@example.org', mobile: '9876500101', role: 'MGR', reportsTo: null },
    { username: 'staff1', code: 'EMP0102', salutation: 'Mr.', gender: 'Male', first: 'Vikram', last: 'Patil', email: 'vikram.patil@example.org', mobile: '9876500102', role: 'STAFF', reportsTo: 'manager' },
    { username: 'staff2', code: 'EMP0103', salutation: 'Ms.', gender: 'Female', first: 'Meera', last: 'Iyer', email: 'meera.iyer@example.org', mobile: '9876500103', role: 'STAFF', reportsTo: 'manager' },
  ],
} as const;

export const DEMO_LAB = {
  masterTypes: [
    {
      code: 'STATE', type: 'States of India', entries: [
        { shortname: 'MH', value: 'Maharashtra' }, { shortname: 'KA', value: 'Karnataka' }, { shortname: 'TN', value: 'Tamil Nadu' },
        { shortname: 'PB', value: 'Punjab' },
      ],
    },
    {
      code: 'DIST', type: 'District', entries: [
        { shortname: 'PUNE', value: 'Pune', dependsOn: 'Maharashtra' }, { shortname: 'NSK', value: 'Nashik', dependsOn: 'Maharashtra' },
        { shortname: 'BLR', value: 'Bengaluru Rural', dependsOn: 'Karnataka' }, { shortname: 'MYS', value: 'Mysuru', dependsOn: 'Karnataka' },
        { shortname: 'CBE', value: 'Coimbatore', dependsOn: 'Tamil Nadu' }, { shortname: 'LDH', value: 'Ludhiana', dependsOn: 'Punjab' },
      ],
    },
    {
      code: 'SOILTYP', type: 'Soil Type', entries: [
        { shortname: 'BLK', value: 'Black Cotton' }, { shortname: 'RED', value: 'Red Loam' }, { shortname: 'ALV', value: 'Alluvial' },
        { shortname: 'LAT', value: 'Laterite' },
      ],
    },
    {
      code: 'AGROZN', type: 'Agro Climatic Zone', entries: [
        { shortname: 'WPH', value: 'Western Plateau and Hills' }, { shortname: 'SPH', value: 'Southern Plateau and Hills' },
        { shortname: 'TGP', value: 'Trans Gangetic Plains' }, { shortname: 'ECP', value: 'East Coast Plains and Hills' },
      ],
    },
    {
      // The Isolate screen's Sample Type autocomplete looks this master up (the samples below use its values).
      code: 'SMPTYP', type: 'Sample Type', entries: [
        { shortname: 'RHZ', value: 'Rhizosphere soil' }, { shortname: 'BULK', value: 'Bulk soil' }, { shortname: 'RHP', value: 'Rhizoplane' },
        { shortname: 'ENDO', value: 'Root endosphere' },
      ],
    },
    {
      code: 'MICTYPE', type: 'Microbe Type', entries: [
        { shortname: 'BAC', value: 'Bacteria' }, { shortname: 'FUN', value: 'Fungi' }, { shortname: 'ACT', value: 'Actinomycetes' },
      ],
    },
    {
      code: 'GRAM', type: 'Gram Character', entries: [
        { shortname: 'GPOS', value: 'Gram Positive' }, { shortname: 'GNEG', value: 'Gram Negative' }, { shortname: 'GVAR', value: 'Gram Variable' },
      ],
    },
    {
      code: 'COLONY', type: 'Colony Morphology', entries: [
        { shortname: 'CIRC', value: 'Circular' }, { shortname: 'IRR', value: 'Irregular' }, { shortname: 'FIL', value: 'Filamentous' },
      ],
    },
  ] as Array<{ code: string; type: string; entries: Array<{ shortname: string; value: string; dependsOn?: string }> }>,

  microbes: [
    { type: 'Bacteria', genus: 'Bacillus', species: 'subtilis' },
    { type: 'Bacteria', genus: 'Bacillus', species: 'megaterium' },
    { type: 'Bacteria', genus: 'Pseudomonas', species: 'fluorescens' },
    { type: 'Bacteria', genus: 'Azotobacter', species: 'chroococcum' },
    { type: 'Fungi', genus: 'Trichoderma', species: 'harzianum' },
    { type: 'Fungi', genus: 'Aspergillus', species: 'niger' },
    { type: 'Actinomycetes', genus: 'Streptomyces', species: 'griseus' },
  ],

  activities: [
    {
      shortname: 'MORPH', name: 'Colony Morphology', level: 'Level 1' as const, sequence: 1,
      parameters: [
        { shortname: 'SHAPE', name: 'Colony Shape', type: 'Dropdown', unit: 'MasterData', masterType: 'Colony Morphology', sample: 'CIRC' },
        { shortname: 'DIAM', name: 'Colony Diameter (mm)', type: 'Number', unit: 'Float', decimals: 2, sample: 3.25 },
        { shortname: 'OBSDT', name: 'Observation Date', type: 'Date-Control', unit: 'Date', dateRule: 'lessOrEqualToday', sample: '2026-10-15' },
      ] as DemoParameter[],
    },
    {
      shortname: 'BIOCH', name: 'Biochemical Tests', level: 'Level 1' as const, sequence: 2,
      parameters: [
        { shortname: 'CATAL', name: 'Catalase', type: 'Text', unit: 'Character', maxLength: 50, sample: 'Positive' },
        { shortname: 'PHOPT', name: 'Optimum pH', type: 'Number', unit: 'Float', decimals: 1, sample: 7.2 },
        { shortname: 'REMRK', name: 'Observations', type: 'Text', unit: 'Character', maxLength: 200, mandatory: false, sample: 'Growth at 30 C' },
      ] as DemoParameter[],
    },
    {
      // The dashboard's trait and biocontrol tiles read these short names (src/shared/dashboard).
      shortname: 'FTRAIT', name: 'Functional Traits', level: 'Level 1' as const, sequence: 3,
      parameters: [
        { shortname: 'NFIX', name: 'Nitrogen Fixation', type: 'Dropdown', unit: 'Boolean', sample: [true, true, false] },
        { shortname: 'PSOL', name: 'Phosphate Solubilization', type: 'Dropdown', unit: 'Boolean', sample: [true, false, true] },
        { shortname: 'KSOL', name: 'Potassium Solubilization', type: 'Dropdown', unit: 'Boolean', sample: [false, true, true] },
        { shortname: 'ZNSOL', name: 'Zinc Solubilization', type: 'Dropdown', unit: 'Boolean', sample: [true, false, false] },
        { shortname: 'IAA', name: 'IAA Production', type: 'Dropdown', unit: 'Boolean', sample: true },
        { shortname: 'SIDER', name: 'Siderophore Production', type: 'Dropdown', unit: 'Boolean', sample: [true, true, false] },
        { shortname: 'HCN', name: 'HCN Production', type: 'Dropdown', unit: 'Boolean', sample: [false, false, true] },
        { shortname: 'ACCD', name: 'ACC Deaminase Activity', type: 'Dropdown', unit: 'Boolean', sample: [true, false, true] },
        { shortname: 'ANTIF', name: 'Antifungal Activity', type: 'Dropdown', unit: 'Boolean', sample: [true, true, false] },
        { shortname: 'ANTIB', name: 'Antibacterial Activity', type: 'Dropdown', unit: 'Boolean', sample: [false, true, false] },
        { shortname: 'ANTIM', name: 'Antimicrobial Activity', type: 'Dropdown', unit: 'Boolean', sample: [false, false, true] },
      ] as DemoParameter[],
    },
    {
      shortname: 'PGPT', name: 'Plant Growth Promotion', level: 'Level 2' as const, sequence: 1,
      parameters: [
        { shortname: 'SHOOT', name: 'Shoot Length (cm)', type: 'Number', unit: 'Float', decimals: 2, sample: 18.5 },
        { shortname: 'ROOT', name: 'Root Length (cm)', type: 'Number', unit: 'Float', decimals: 2, sample: 9.75 },
        { shortname: 'GERM', name: 'Germination (%)', type: 'Number', unit: 'Integer', sample: 92 },
      ] as DemoParameter[],
    },
  ],

  /** One row per sample; `level1` lists the status of the first, second... Level 1 activity (null = saved, not submitted). */
  samples: [
    {
      owner: 'staff1', sampledBy: 'R. Kulkarni', inwardedBy: 'Vikram Patil', state: 'Maharashtra', district: 'Pune', gps: '18.5204 N, 73.8567 E',
      source: 'Sugarcane field', zone: 'Western Plateau and Hills', rain: [600, 750], temperature: '24-32', soilType: 'Black Cotton', soilColor: 'Dark grey',
      isolate: { sampleType: 'Rhizosphere soil', ph: 7.8, ec: 0.42, tds: 270, level1: ['A', 'S', 'A'] as Status[], level2: 'S' as Status, remark: null, identification: true },
    },
    {
      owner: 'staff1', sampledBy: 'S. Deshmukh', inwardedBy: 'Vikram Patil', state: 'Maharashtra', district: 'Nashik', gps: '19.9975 N, 73.7898 E',
      source: 'Vineyard', zone: 'Western Plateau and Hills', rain: [500, 700], temperature: '20-34', soilType: 'Red Loam', soilColor: 'Reddish brown',
      isolate: { sampleType: 'Bulk soil', ph: 6.9, ec: 0.31, tds: 198, level1: ['R', null, 'S'] as Status[], level2: null, remark: 'Colony diameter looks off; please re-measure.', identification: false },
    },
    {
      owner: 'staff2', sampledBy: 'K. Gowda', inwardedBy: 'Meera Iyer', state: 'Karnataka', district: 'Mysuru', gps: '12.2958 N, 76.6394 E',
      source: 'Paddy field', zone: 'Southern Plateau and Hills', rain: [700, 900], temperature: '22-30', soilType: 'Red Loam', soilColor: 'Red',
      isolate: { sampleType: 'Rhizosphere soil', ph: 6.4, ec: 0.22, tds: 140, level1: ['A', 'A', 'A'] as Status[], level2: null, remark: null, identification: true },
    },
    {
      owner: 'staff2', sampledBy: 'P. Singh', inwardedBy: 'Meera Iyer', state: 'Punjab', district: 'Ludhiana', gps: '30.9010 N, 75.8573 E',
      source: 'Wheat field', zone: 'Trans Gangetic Plains', rain: [550, 650], temperature: '15-28', soilType: 'Alluvial', soilColor: 'Light brown',
      isolate: { sampleType: 'Bulk soil', ph: 8.1, ec: 0.55, tds: 352, level1: [] as Status[], level2: null, remark: null, identification: false },
    },
    {
      owner: 'staff1', sampledBy: 'M. Raj', inwardedBy: 'Vikram Patil', state: 'Tamil Nadu', district: 'Coimbatore', gps: '11.0168 N, 76.9558 E',
      source: 'Coconut grove', zone: 'East Coast Plains and Hills', rain: [600, 800], temperature: '23-33', soilType: 'Laterite', soilColor: 'Brick red',
      isolate: null,
    },
  ],
};
