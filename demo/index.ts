// The demo company's year, told through the product's own code paths (src/server/seed/ plays it): the
// approval processes its owner set up, then partners, advances, claims, prepayments, payables and receivables.
// This folder is the one place that names modules for the demo; the product in src/ names none.
export { seedProcesses } from './processes';
import { planPartners } from './partners';
import { planAdvances } from './advances';
import { planClaims } from './reimburse';
import { planFinance } from './finance';

/** The plans of the story, in the order they are laid on the timeline (which then plays them by date). */
export const STORY_PLANS = [planPartners, planAdvances, planClaims, planFinance];
