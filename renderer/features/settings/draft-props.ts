import type { AppSettings } from '../../../shared/settings';

/** What a section part that edits the draft receives (its own module: no import circle). */
export interface DraftProps {
  s: AppSettings;
  edit(next: AppSettings): void;
}
