"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { adminScreenGroups } from "@/lib/admin/screens";

export function AdminNav({ role }: { role: string }) {
  const pathname = usePathname();
  const groups = adminScreenGroups(role);
  return (
    <nav aria-label="Collections" className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-4 md:block md:space-y-5">
      {groups.map((group) => (
        <div key={group.heading}>
          <h2 className="px-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">{group.heading}</h2>
          <ul className="mt-1 space-y-0.5">
            {group.links.map((link) => {
              const isCurrent = pathname === link.href || pathname.startsWith(`${link.href}/`);
              return (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    aria-current={isCurrent ? "page" : undefined}
                    className={`block rounded-md px-2 py-1.5 focus-visible:outline-2 focus-visible:outline-blue-600 ${isCurrent ? "bg-blue-50 font-medium text-blue-900" : "text-slate-800 hover:bg-slate-100"}`}
                  >
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
