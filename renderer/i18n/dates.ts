// Dates and times in the interface language (pt-BR: 21/11/2026, 09:05:07; English:
// 11/21/2026, 9:05:07 AM). Every screen formats through these, never with a fixed locale.
import { i18next } from './index';

const locale = () => (i18next.language === 'en' ? 'en-US' : 'pt-BR');

export const formatDateTime = (ms: number) => new Date(ms).toLocaleString(locale());
export const formatTime = (ms: number) => new Date(ms).toLocaleTimeString(locale());
export const formatDate = (ms: number) => new Date(ms).toLocaleDateString(locale());
