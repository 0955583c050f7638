/** An account as a money movement's own SQL reads it (the columns' names): its holder and whether it may move money. */
export type AccountRow = {
  id: string;
  user_id: string;
  name: string;
  document: string;
  person_type: "person" | "company";
  agency: string;
  status: "active" | "inactive";
};
