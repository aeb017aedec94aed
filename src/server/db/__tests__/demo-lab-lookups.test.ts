/**
 * The demo lab holds every master the sample screens look up by name, so their autocompletes offer entries
 * through the real getMasterData: States of India, Soil Type and Agro Climatic Zone on Sample Inward, Sample
 * Type on Isolate. The values the demo samples and isolates carry are entries of those masters.
 */
import { MASTER_TYPES } from '../../../shared/resources/common-master';
import { SAMPLE_TYPE_LOOKUP } from '../../../shared/validation/isolate';
import type { LoginResponse } from '../../../shared/contract/session';
import { createTestApp, signInFully, TEST_ADMIN_PASSWORD, type TestApp } from '../../test-support/test-app';
import { seedDemoLab } from '../demo-lab';
import { DEMO_LAB } from '../demo-lab-data';

let t: TestApp;
let admin: LoginResponse;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoLab(t.handle.db, { tenant: 'soillims' });
  admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

const lookup = async (value: string, message: string): Promise<string[]> => {
  const res = await t.post('/api/transaction/getMasterData', { value, message }, admin);
  expect(res.statusCode).toBe(200);
  return (res.json() as Array<{ value: string }>).map((i) => i.value);
};

test.each([
  [MASTER_TYPES.state, 'Mah', ['Maharashtra']],
  [MASTER_TYPES.soilType, 'Bla', ['Black Cotton']],
  [MASTER_TYPES.agroClimaticZone, 'Plat', ['Southern Plateau and Hills', 'Western Plateau and Hills']],
  [SAMPLE_TYPE_LOOKUP.masterType, 'soil', ['Bulk soil', 'Rhizosphere soil']],
])("getMasterData '%s' containing '%s' offers the demo lab's entries", async (type, text, expected) => {
  expect((await lookup(type, text)).sort()).toEqual(expected);
});

test('the zones, soil types and sample types of the demo samples are entries of their masters', async () => {
  const valuesOf = (type: string) => DEMO_LAB.masterTypes.find((m) => m.type === type)?.entries.map((e) => e.value) ?? [];
  for (const s of DEMO_LAB.samples) {
    expect(valuesOf(MASTER_TYPES.agroClimaticZone)).toContain(s.zone);
    expect(valuesOf(MASTER_TYPES.soilType)).toContain(s.soilType);
    if (s.isolate) expect(valuesOf(SAMPLE_TYPE_LOOKUP.masterType)).toContain(s.isolate.sampleType);
  }
});
