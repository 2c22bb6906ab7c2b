/**
 * UI state that is not data: the theme (localStorage 'theme', dark by default), the toasts
 * (the last TOAST_MAX kept; closed ones stay listed under Notifications) and the captured
 * install prompt.
 */
import { create } from 'zustand';
import { THEME_STORAGE_KEY, TOAST_MAX } from '../contract/limits';
import { localStore as storage } from '../sync/engine/local-storage';

export type Theme = 'dark' | 'light';
export const DEFAULT_THEME: Theme = 'dark';
/** Matches --color-bg of each theme in src/styles/tokens.css (browser chrome colour). */
const THEME_COLORS: Record<Theme, string> = { dark: '#101218', light: '#f6f7fb' };

export type ToastVariant = 'info' | 'success' | 'error';

export interface ToastAction {
  label: string;
  /** Shown to screen-reader users when the action is not reachable in time (Radix altText). */
  altText: string;
  onClick: () => void;
}

export interface Toast {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  action?: ToastAction;
  /** A persistent toast stays until the user acts (e.g. the update banner). */
  persistent: boolean;
  /** false once dismissed; it then only shows in the Notifications list. */
  open: boolean;
  createdAt: number;
}

export type NewToast = Pick<Toast, 'title'> & Partial<Pick<Toast, 'description' | 'variant' | 'action' | 'persistent'>>;

/** The part of the BeforeInstallPromptEvent we use (not in TypeScript's DOM lib). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface UiState {
  theme: Theme;
  setTheme(theme: Theme): void;
  toggleTheme(): void;
  toasts: Toast[];
  showToast(toast: NewToast): string;
  dismissToast(id: string): void;
  installPrompt: InstallPromptEvent | null;
  setInstallPrompt(event: InstallPromptEvent | null): void;
}

export function readStoredTheme(): Theme {
  return storage()?.getItem(THEME_STORAGE_KEY) === 'light' ? 'light' : DEFAULT_THEME;
}

/** Sets data-theme on <html> (the CSS switches on it) and the browser's theme colour. */
export function applyTheme(theme: Theme): void {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
}

/** Appends and keeps only the newest TOAST_MAX. */
export function appendToast(toasts: Toast[], toast: Toast): Toast[] {
  return [...toasts, toast].slice(-TOAST_MAX);
}

let toastCounter = 0;

export function createUiStore() {
  return create<UiState>()((set, get) => ({
    theme: readStoredTheme(),
    setTheme(theme) {
      storage()?.setItem(THEME_STORAGE_KEY, theme);
      applyTheme(theme);
      set({ theme });
    },
    toggleTheme() {
      get().setTheme(get().theme === 'dark' ? 'light' : 'dark');
    },
    toasts: [],
    showToast(input) {
      toastCounter += 1;
      const toast: Toast = {
        id: `toast-${Date.now()}-${toastCounter}`,
        title: input.title,
        description: input.description,
        variant: input.variant ?? 'info',
        action: input.action,
        persistent: input.persistent ?? false,
        open: true,
        createdAt: Date.now(),
      };
      set({ toasts: appendToast(get().toasts, toast) });
      return toast.id;
    },
    dismissToast(id) {
      set({ toasts: get().toasts.map((toast) => (toast.id === id ? { ...toast, open: false } : toast)) });
    },
    installPrompt: null,
    setInstallPrompt(event) {
      set({ installPrompt: event });
    },
  }));
}

export const useUiStore = createUiStore();

/** For non-React callers (PWA registration, actions' callbacks). */
export function showToast(toast: NewToast): string {
  return useUiStore.getState().showToast(toast);
}
