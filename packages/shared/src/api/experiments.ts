import { ExperimentGroupsSchema } from '../experiments.ts';
import { defineEndpoint } from './endpoint.ts';

/** Experiment groups. */
export const experimentEndpoints = {
  getExperimentGroups: defineEndpoint({
    method: 'GET',
    path: '/v3/experiments/',
    summary: "The viewer's group in every experiment",
    tag: 'experiments',
    access: 'visitor',
    response: ExperimentGroupsSchema,
  }),
};
