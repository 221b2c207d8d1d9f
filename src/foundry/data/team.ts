import { integerField } from "./fields.ts";
import { storageFields, wireSystemModels } from "./migrate.ts";

/** Token dispositions a team can gather automatically (CONST.TOKEN_DISPOSITIONS values). */
export const TEAM_DISPOSITIONS = [-2, -1, 0, 1] as const;

function teamSchema() {
  const { BooleanField, ColorField, NumberField } = foundry.data.fields;
  return {
    /** The colour of the team's block in the tracker. */
    color: new ColorField({ required: true, nullable: false, initial: "#4a6fa5" }),
    /** Tokens of this disposition join the team when they enter combat; null: only by hand. */
    disposition: new NumberField({
      required: true,
      nullable: true,
      integer: true,
      choices: [...TEAM_DISPOSITIONS],
      initial: null,
    }),
    /** Whether ties in the turn order are broken in this team's favour as the players' side. */
    playerSide: new BooleanField({ required: true, initial: false }),
    /** The team's order value this combat: momentum, side initiative … (null: not rolled). */
    order: new NumberField({ required: true, nullable: true, integer: true, initial: null }),
    /** Free rounds the team still has from surprising its enemies. */
    surpriseRounds: integerField(0, { min: 0 }),
    ...storageFields(),
  };
}
type TeamSchema = ReturnType<typeof teamSchema>;

/** The `system` data of a CombatantGroup of type `team`. */
export class TeamData extends foundry.abstract.TypeDataModel<
  TeamSchema,
  CombatantGroup.Implementation
> {
  static override defineSchema(): TeamSchema {
    return teamSchema();
  }
}

/** Teams have no value/maximum pair; they get the migration and the schema version. */
export const TEAM_MODELS = wireSystemModels("generic", { CombatantGroup: { team: TeamData } });
