import { Globe } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Flag } from "@/components/flag";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { SUPPORTED_LANGUAGES } from "@/lib/languages";

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = SUPPORTED_LANGUAGES.find((l) => l.code === i18n.resolvedLanguage) ?? SUPPORTED_LANGUAGES[0];

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* Named by its content: "Switch language" and the flag's name, the language now on ("Switch language English"). */}
        <Button variant="ghost" size="sm" data-testid="language-menu">
          <Globe aria-hidden="true" />
          <span className="sr-only">{t("language.switch")} </span>
          <Flag code={current.code} label={t(`language.${current.code}`)} />
          <span aria-hidden="true" className="uppercase">
            {current.code}
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuRadioGroup value={current.code} onValueChange={(code) => void i18n.changeLanguage(code)}>
          {SUPPORTED_LANGUAGES.map((language) => (
            <DropdownMenuRadioItem key={language.code} value={language.code} lang={language.code}>
              <Flag code={language.code} />
              {t(`language.${language.code}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
