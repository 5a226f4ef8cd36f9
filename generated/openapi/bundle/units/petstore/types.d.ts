import type * as $types from "./spec-types.js";
/** Input of findPets. */
export type FindPetsInput = {
    query?: NonNullable<$types.paths["/pets"]["get"]["parameters"]["query"]>;
};
/** Result of findPets. */
export type FindPetsOutput = $types.paths["/pets"]["get"]["responses"]["200"]["content"]["application/json"];
/** Input of addPet. */
export type AddPetInput = {
    body: NonNullable<$types.paths["/pets"]["post"]["requestBody"]>["content"]["application/json"];
};
/** Result of addPet. */
export type AddPetOutput = $types.paths["/pets"]["post"]["responses"]["200"]["content"]["application/json"];
/** Input of find_pet_by_id. */
export type FindPetByIdInput = {
    path: NonNullable<$types.paths["/pets/{id}"]["get"]["parameters"]["path"]>;
};
/** Result of find_pet_by_id. */
export type FindPetByIdOutput = $types.paths["/pets/{id}"]["get"]["responses"]["200"]["content"]["application/json"];
/** Input of deletePet. */
export type DeletePetInput = {
    path: NonNullable<$types.paths["/pets/{id}"]["delete"]["parameters"]["path"]>;
};
/** Result of deletePet. */
export type DeletePetOutput = null;
