import type * as $types from "./spec-types.js";
/** Input of findPets. */
export type FindPetsInput = {
    query?: NonNullable<$types.operations["findPets"]["parameters"]["query"]>;
};
/** Result of findPets. */
export type FindPetsOutput = $types.operations["findPets"]["responses"]["200"]["content"]["application/json"];
/** Input of addPet. */
export type AddPetInput = {
    body: NonNullable<$types.operations["addPet"]["requestBody"]>["content"]["application/json"];
};
/** Result of addPet. */
export type AddPetOutput = $types.operations["addPet"]["responses"]["200"]["content"]["application/json"];
/** Input of find_pet_by_id. */
export type FindPetByIdInput = {
    path: NonNullable<$types.operations["find pet by id"]["parameters"]["path"]>;
};
/** Result of find_pet_by_id. */
export type FindPetByIdOutput = $types.operations["find pet by id"]["responses"]["200"]["content"]["application/json"];
/** Input of deletePet. */
export type DeletePetInput = {
    path: NonNullable<$types.operations["deletePet"]["parameters"]["path"]>;
};
/** Result of deletePet. */
export type DeletePetOutput = null;
/** Petstore: The Swagger petstore: find, add, read and delete pets. */
export interface Client {
    /**
     * Returns all pets from the system that the user has access to
     * Nam sed condimentum est. Maecenas tempor sagittis sapien, nec rhoncus sem sagittis sit amet. Aenean at gravida augue, ac iaculis sem. Curabitur odio lorem, ornare eget elementum nec, cursus id lectus. Duis mi turpis, pulvinar ac eros ac, tincidunt varius justo. In hac habitasse platea dictumst. Integer at adipiscing ante, a sagittis ligula. Aenean pharetra tempor ante molestie imperdiet. Vivamus id aliquam diam. Cras quis velit non tortor eleifend sagittis. Praesent at enim pharetra urna volutpat venenatis eget eget mauris. In eleifend fermentum facilisis. Praesent enim enim, gravida ac sodales sed, placerat id erat. Suspendisse lacus dolor, consectetur non augue vel, vehicula interdum libero. Morbi euismod sagittis libero sed lacinia.
     */
    findPets(input?: FindPetsInput): Promise<FindPetsOutput>;
    /** Creates a new pet in the store. Duplicates are allowed */
    addPet(input: AddPetInput): Promise<AddPetOutput>;
    /** Returns a user based on a single ID, if the user does not have access to the pet */
    find_pet_by_id(input: FindPetByIdInput): Promise<FindPetByIdOutput>;
    /** deletes a single pet based on the ID supplied */
    deletePet(input: DeletePetInput): Promise<DeletePetOutput>;
}
