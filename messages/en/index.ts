/** The catalogue of one locale: its namespaces (./namespaces.ts) as one plain object. */
import * as namespaces from "./namespaces";

export default { ...namespaces };
