/**
 * Limits of the contract that a page states at start-up (a search box's maxLength), before any
 * schema is loaded: the schemas take them from here, so each is written once (decision 091).
 */

/** parents_questions_and_answers' `keyword`. */
export const FAQ_KEYWORD_MAX = 50;

/** search_by_screening_conditions' `name`. */
export const SEARCH_NAME_MAX = 50;

/** search_by_screening_conditions' `age`: 0 to this. */
export const SEARCH_AGE_MAX = 18;

/** opinion_feedback's `content`, after its trim: the page counts the characters against these. */
export const FEEDBACK_CONTENT_MIN = 10;
export const FEEDBACK_CONTENT_MAX = 500;

/** opinion_feedback's `images`. */
export const FEEDBACK_IMAGES_MAX = 3;

/** creat_access_control_info's `name` (a pick-up person's). */
export const PICKER_NAME_MAX = 20;
