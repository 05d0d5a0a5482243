import { Badge } from "@/components/ui/badge";

const STATUS_TONES = { published: "success", draft: "neutral", unpublished: "warning" } as const;

/** A publishable record's status per language (`default` is the default language). */
export function StatusBadges({ status }: { status: unknown }) {
  const entries = status && typeof status === "object" ? Object.entries(status as Record<string, string>) : [];
  if (entries.length === 0) return <Badge>draft</Badge>;
  return (
    <span className="flex flex-wrap gap-1">
      {entries.map(([language, value]) => (
        <Badge key={language} tone={STATUS_TONES[value as keyof typeof STATUS_TONES] ?? "neutral"}>
          {language}: {value}
        </Badge>
      ))}
    </span>
  );
}
