/** Bodies and answers of the dashboard and checkData's all-samples list (spec 001 section 2). */
import { EMPTY_BODY, PAGE, body } from './body-schema';
import { INT, STR, arrayOf, record } from './answer-schema';
import { declare } from './contract';
import { DASHBOARD_ENDPOINTS as E } from './dashboard-endpoints';

const count = INT;

export const DASHBOARD_CONTRACT = {
  getDashboard: declare(E.getDashboard, {
    body: EMPTY_BODY,
    answer: record({
      totalSamples: count, agroZones: count, isolates: count,
      microbes: record({ total: count, bacteria: count, fungi: count, actinomycetes: count, other: count }),
      traits: arrayOf(record({ shortname: STR, label: STR, count })),
      biocontrol: record({ total: count, antifungal: count, antibacterial: count, antimicrobial: count }),
      activities: record({ notSubmitted: count, submitted: count, reverted: count, approved: count }),
      samplesByMonth: arrayOf(record({ month: STR, count })),
    }),
  }),
  getAllSamples: declare(E.getAllSamples, {
    body: body(PAGE, { nullable: true }),
    answer: arrayOf(record({
      id: count, srno: count, sampleinno: STR, sampleno: STR, samplingdate: STR,
      sampledby: STR, statesofIndia: STR, district: STR, isolates: count, totalItems: count,
    })),
  }),
};
