import { Button, Menu, MenuItemRadio, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { Globe20Regular } from '@fluentui/react-icons';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../shared/constants';
import { unwrap, useBridge } from '../bridge';
import { useDiscardGuard } from '../components/form/unsaved-changes';
import { useOverlayWhile } from '../components/overlay';
import { submenuOpenChange } from '../components/submenu';
import { currentLocale } from '../i18n';

/**
 * Changes the language: stored in the bridge settings (the main process sends it as the language header,
 * so server text follows), then shown. `onSwitching` runs between the two: the shell closes its tabs and reloads the
 * menu there, so that its kept screens are not drawn again in the new language only to be closed, and the menu is
 * asked for while the language's texts load.
 */
export function useLanguageSwitch(onSwitching?: (locale: Locale) => void) {
  const bridge = useBridge();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: async (locale: Locale) => {
      await unwrap(bridge.settings.set({ language: locale }));
      onSwitching?.(locale);
      await i18n.changeLanguage(locale);
      return locale;
    },
  });
}

/**
 * The language choice: the five languages as a menu behind `trigger` (the sign-in page's button by
 * default; the user menu passes its item, which makes it a submenu). `onSwitching` as for `useLanguageSwitch`.
 */
export function LanguageMenu({ trigger, onSwitching }: { trigger?: ReactElement; onSwitching?: (locale: Locale) => void }) {
  const { t, i18n } = useTranslation();
  const switchLanguage = useLanguageSwitch(onSwitching);
  // The shell closes every tab after a change: typed changes in them would be lost.
  const discardGuard = useDiscardGuard();
  const [open, setOpen] = useState(false);
  useOverlayWhile(open);
  const locale = currentLocale(i18n);
  return (
    <Menu
      open={open}
      onOpenChange={trigger ? submenuOpenChange(setOpen) : (_event, data) => setOpen(data.open)}
      checkedValues={{ language: [locale] }}
      onCheckedValueChange={(_event, data) => {
        const chosen = data.checkedItems[0] as Locale | undefined;
        if (chosen) discardGuard(null, () => switchLanguage.mutate(chosen));
      }}
    >
      <MenuTrigger disableButtonEnhancement>
        {trigger ?? (
          // The name starts with the shown language (WCAG 2.5.3: a visible label is part of the name) and says what it is.
          <Button appearance="subtle" icon={<Globe20Regular />} aria-label={`${t(`language.${locale}`)} (${t('language.label')})`} data-testid="language-menu">
            {t(`language.${locale}`)}
          </Button>
        )}
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {LOCALES.map((item) => (
            <MenuItemRadio key={item} name="language" value={item} data-testid={`language-${item}`}>
              {t(`language.${item}`)}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
