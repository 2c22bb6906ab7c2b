/**
 * The commander input of the wizard: the shared CommanderSearch combobox (any name can be typed
 * by hand; suggestions from 2 characters). Kept behind this one line so the wizard does not
 * depend on where the commander search lives.
 */
export { CommanderSearch as CommanderField, type CommanderSearchProps as CommanderFieldProps } from '../../commanders/commander-search';
