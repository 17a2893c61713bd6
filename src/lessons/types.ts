import type { Design } from '../model/design'
import type { LessonCheck } from './claims'

/** A paper or textbook a lesson comes from, with a stable link (an arXiv abstract page, a DOI, the book's site). */
export interface Reference {
  title: string
  url: string
}

/** A named one-click change of a lesson: the whole design it loads. */
export interface LessonVariant {
  label: string
  design: Design
}

/**
 * A guided experiment: a ready design, a question to answer with it, and the short text that
 * leads there (what to try, what to look for, why it happens, where it comes from).
 */
export interface Lesson {
  /** kebab-case, kept in the URL as `lesson=<id>`. */
  id: string
  title: string
  /** One line: the question the experiment answers. */
  question: string
  /** The design the lesson opens with (its first variant, when it has variants). */
  design: Design
  /** Named alternatives to compare, the first being `design`. */
  variants: LessonVariant[]
  tryThis: string
  lookFor: string
  /** The explanation, shown on request like an answer. */
  why: string
  reference: Reference
  /** Further sources the text mentions. */
  seeAlso: Reference[]
  /** What the lesson claims a student will see, for `reward-playground lesson check`; absent while none is written down. */
  check?: LessonCheck
}

/** The words of a lesson's card, kept in text/<id>.json beside the catalogue (see lessonTexts.ts). */
export type LessonText = Pick<Lesson, 'title' | 'question' | 'tryThis' | 'lookFor' | 'why'>
