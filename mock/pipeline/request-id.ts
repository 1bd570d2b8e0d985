// The platform's request ids are made on the protocol's floor, where the testing entry makes them too.
export { newRequestId } from '../../src/protocol';
