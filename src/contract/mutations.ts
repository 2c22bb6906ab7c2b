/**
 * The mutation names and argument schemas, for the server and for code that must not depend on
 * where the write kinds are declared: they live in src/mutations/ (one module per entity, the
 * argument schema next to the app's optimistic side; the server's apply in server/mutations/).
 */
export { isMutationName, mutationArgs, type MutationArgs, type MutationInput, type MutationName } from '../mutations';
