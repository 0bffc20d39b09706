/// The three buttons that start an analysis. They all count alike (U1).
public enum CaptureKind: String, Hashable, Sendable, CaseIterable {
    /// A photo of a meal.
    case meal
    /// A photo of a recipe.
    case recipePhoto = "recipe-photo"
    /// A link to a recipe.
    case recipeLink = "recipe-link"
}
