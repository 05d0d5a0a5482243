export { negotiateLanguage, parseAcceptLanguage, type LanguagePreference } from "./accept-language";
export { formatContentLanguage, parseContentLanguage } from "./content-language";
export { parseLangParam } from "./lang-param";
export {
  hasTranslation,
  languagesTouched,
  textInputSchema,
  mergeTextInput,
  multiLangStringSchema,
  pickText,
  plainTextSchema,
  renderedTextSchema,
  renderPlainText,
  renderText,
  TEXTS_ALL,
  textsParamSchema,
  textViewFrom,
  toMultiLangString,
  type LocalizedText,
  type TextInput,
  type MultiLangString,
  type MultiTextView,
  type RenderedText,
  type SingleTextView,
  type TextInputContext,
  type TextView,
} from "./multi-lang";
export { createTextWriter, TEXT_INPUT_MESSAGE, nestedTextInputSchema, type TextEntry, type TextWriter } from "./text-writer";
export {
  computeTranslationStatus,
  missingTextFields,
  TRANSLATION_STATUSES,
  translationStatusEntrySchema,
  type TranslationStatus,
  type TranslationStatusEntry,
} from "./translation-status";
