import type { Metadata } from "next";
import { ScheduleCalendar } from "@/components/schedules/schedule-calendar";

export const metadata: Metadata = { title: "Scheduled changes" };

export default function SchedulesPage() {
  return <ScheduleCalendar />;
}
