import { escapeRegExp } from '../escape-regexp';

/**
 * A control's name that says the date its field holds ("Choose date, selected date is Mar 10, 2026": MUI's picker
 * button): the date is the field's value, another once the person or the day changes it, and a flow recorded on it
 * would not find the button again. Runs in the page.
 */
const MONTH = '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const DATE_IN_NAME = new RegExp(`${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}|\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH},?\\s+\\d{4}|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}[/.]\\d{1,2}[/.]\\d{2,4}`, 'i');

/**
 * The name as a pattern that takes any date where it holds one, when words of its own are left around it (a calendar's
 * day, "Wednesday, April 22nd, 2026", is named by its date alone: that is no value, and no pattern).
 */
export function datedNamePattern(name: string): string | undefined {
  const date = DATE_IN_NAME.exec(name);
  if (!date) return undefined;
  const before = name.slice(0, date.index);
  const after = name.slice(date.index + date[0].length);
  const words = `${before} ${after}`.replace(/\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b/gi, '');
  if (!/\p{L}{3,}/u.test(words)) return undefined;
  return `^${escapeRegExp(before)}.+${escapeRegExp(after)}$`;
}
