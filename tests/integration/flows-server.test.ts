import { inject } from 'vitest';
import { describeFlows } from '../support/flows';

// The flows against the stateful mock's Node HTTP server.
describeFlows('Node server', () => inject('mockUrl'));
