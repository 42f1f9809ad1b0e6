/** At most 100 values per answer (S-44). */
export const MAX_COMPLETION_VALUES = 100;
