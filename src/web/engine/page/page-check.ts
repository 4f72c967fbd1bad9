// What checking a page schema takes: the meta-schema's validator and the page that names the errors. The app's
// SchemaPage imports this on demand (development, a page the server tuned), so neither is in a page's first load.
export { validatePageSchema } from '../../../common/schema/loader';
export { SchemaErrorPage } from './SchemaErrorPage';
